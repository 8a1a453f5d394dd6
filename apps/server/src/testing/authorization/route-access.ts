import type { Access } from './procedure-access.ts'

/**
 * Who each documented REST call is for, by method and path without its /api/vN prefix (the
 * prefixed and unprefixed doors of one call share their handler). The matrix test walks the OpenAPI
 * document and fails for a call without a row; which API-key scope a call takes is the document's.
 */
export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /objects/getCategories': 'public',
  'GET /objects/getObject/{id}': 'public',
  'GET /objects/getObjectByLabel/{category}': 'public',
  'GET /objects/searchObjects': 'public',
  'GET /objects/searchObjects/{text}': 'public',
  'GET /plans': 'public',
  'GET /bookmarks': 'signed-in',
  'POST /bookmarks/add-remove/{toolId}': 'signed-in',
  'GET /limits': 'signed-in',
  'POST /limits/decrease': 'signed-in',
  'GET /plans/history': 'signed-in',
  'GET /plans/current': 'signed-in',
  'POST /payment/create-checkout-session': 'signed-in',
  'POST /objects/getResponseOfObject/{id}': 'signed-in',
  'POST /response/paraphrase': 'signed-in',
  'POST /response/image': 'signed-in',
  'POST /response/speech': 'signed-in',
  'POST /response/transcription': 'signed-in',
  'GET /keys': 'signed-in',
  'POST /keys': 'signed-in',
  'DELETE /keys/{id}': 'owner',
  'POST /bulk': 'signed-in',
  'GET /bulk/{jobId}': 'owner',
  'GET /bulk/{jobId}/results': 'owner',
  'POST /bulk/{jobId}/cancel': 'owner',
  'GET /voices': 'signed-in',
  'GET /user/get/all': 'admin',
  'GET /admin/all': 'admin',
  'GET /admin/search': 'admin',
  'POST /admin/addCreditManual': 'admin',
  'POST /objects/addObjectOnce': 'admin',
  'PUT /objects/updateObject/{id}': 'admin',
  'DELETE /templates/delete/{id}': 'admin',
}
