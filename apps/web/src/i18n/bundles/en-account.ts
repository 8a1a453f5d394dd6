import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/en/account/*.json', { eager: true, import: 'default' }))
