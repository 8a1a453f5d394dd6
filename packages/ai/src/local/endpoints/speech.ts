import { sendError, type EndpointHandler } from '../http.ts'

/** Not offered by the local model yet: answers 501 so callers show a clear message. */
export const handleSpeech: EndpointHandler = async (request, response) => {
  request.resume()
  sendError(response, 501, 'not_implemented', 'The built-in local model does not offer this yet.')
}
