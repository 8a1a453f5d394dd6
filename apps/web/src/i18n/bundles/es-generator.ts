import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/es/generator/*.json', { eager: true, import: 'default' }))
