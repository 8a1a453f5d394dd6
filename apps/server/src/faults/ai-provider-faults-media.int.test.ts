import { describeProviderFaults } from '../testing/provider-fault-matrix.ts'

// The media doors; the text doors are in ai-provider-faults-text.int.test.ts (files run in parallel).
describeProviderFaults(['tRPC generation.image', 'tRPC generation.speech'])
