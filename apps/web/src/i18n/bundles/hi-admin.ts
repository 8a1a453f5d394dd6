import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/hi/admin/*.json', { eager: true, import: 'default' }))
