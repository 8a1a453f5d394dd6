import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/ar/account/*.json', { eager: true, import: 'default' }))
