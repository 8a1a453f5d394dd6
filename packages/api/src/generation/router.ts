import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { deleteGeneration } from './delete.handler.ts'
import { deleteGenerationInput, deleteGenerationOutput } from './delete.schema.ts'
import { getGeneration } from './get.handler.ts'
import { getGenerationInput, getGenerationOutput } from './get.schema.ts'
import { listHistory } from './history.handler.ts'
import { historyInput, historyOutput } from './history.schema.ts'
import { generateImages } from './image.handler.ts'
import { imageInput, imageOutput } from './image.schema.ts'
import { keepGeneration } from './keep.handler.ts'
import { keepGenerationInput, keepGenerationOutput } from './keep.schema.ts'
import { paraphrase } from './paraphrase.handler.ts'
import { paraphraseInput, paraphraseOutput } from './paraphrase.schema.ts'
import { runGeneration } from './run.handler.ts'
import { runGenerationInput } from './run.schema.ts'
import { synthesizeSpeech } from './speech.handler.ts'
import { speechInput, speechOutput } from './speech.schema.ts'

export const generationRouter = {
  /**
   * Runs a generic tool and streams GenerationEvents (started, chunk..., done, per variant); call it with
   * httpBatchStreamLink. No `.output()`: tRPC's output validator would parse the generator itself,
   * not the events; the events' type (run.schema.ts) is what the client infers.
   */
  run: authedProcedure
    .input(runGenerationInput)
    .mutation(({ ctx, input, signal }) => runGeneration({ ctx, input, signal })),
  /** The caller's generations, newest first, with search and keyset paging. */
  history: authedProcedure.input(historyInput).output(historyOutput).query(listHistory),
  /** One of the caller's generations; NOT_FOUND for anyone else's. */
  get: authedProcedure.input(getGenerationInput).output(getGenerationOutput).query(getGeneration),
  /** Marks (or unmarks) one of the caller's generations as the variant kept; NOT_FOUND for anyone else's. */
  keep: authedProcedure.input(keepGenerationInput).output(keepGenerationOutput).mutation(keepGeneration),
  /** Removes one of the caller's generations from history; NOT_FOUND for anyone else's. */
  delete: authedProcedure.input(deleteGenerationInput).output(deleteGenerationOutput).mutation(deleteGeneration),
  /** Rewrites the text (the paraphrase tool); 1 credit. */
  paraphrase: authedProcedure
    .input(paraphraseInput)
    .output(paraphraseOutput)
    .mutation(({ ctx, input, signal }) => paraphrase({ ctx, input, signal })),
  /** Creates n images, stored as JPEG and served at /media/{id} to their owner; n x (hd 2, standard 1) credits. */
  image: authedProcedure
    .input(imageInput)
    .output(imageOutput)
    .mutation(({ ctx, input, signal }) => generateImages({ ctx, input, signal })),
  /** Text to audio: one stored MP3 served at /media/{id} to its owner; 1 credit. */
  speech: authedProcedure
    .input(speechInput)
    .output(speechOutput)
    .mutation(({ ctx, input, signal }) => synthesizeSpeech({ ctx, input, signal })),
} satisfies TRPCRouterRecord
