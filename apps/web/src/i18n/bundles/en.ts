import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/en/*.json', { eager: true, import: 'default' }))
