import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/ar/generator/*.json', { eager: true, import: 'default' }))
