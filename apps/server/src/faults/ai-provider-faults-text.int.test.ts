import { describeProviderFaults } from '../testing/provider-fault-matrix.ts'

// The text doors; the media doors are in ai-provider-faults-media.int.test.ts (files run in parallel).
describeProviderFaults(['tRPC generation.run (streamed text)', 'REST /api/v1 getResponseOfObject'])
