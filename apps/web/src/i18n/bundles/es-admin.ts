import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/es/admin/*.json', { eager: true, import: 'default' }))
