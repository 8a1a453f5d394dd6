import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/ar/info/*.json', { eager: true, import: 'default' }))
