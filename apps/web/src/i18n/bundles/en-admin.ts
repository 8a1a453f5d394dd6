import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/en/admin/*.json', { eager: true, import: 'default' }))
