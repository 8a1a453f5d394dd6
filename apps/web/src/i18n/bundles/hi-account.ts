import { mountAreas } from '../mount-areas.ts'

export default mountAreas(import.meta.glob('../locales/hi/account/*.json', { eager: true, import: 'default' }))
