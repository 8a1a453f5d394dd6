import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/es/account/*.json', { eager: true, import: 'default' }))
