import { PackageInputSchema, PackageListQuerySchema, PackageSchema } from '@tavlin/contracts'
import { catalogRoutes } from '../catalog/catalog-routes.js'

export const packagesRoutes = catalogRoutes({
  plural: 'packages',
  singular: 'package',
  entity: PackageSchema,
  input: PackageInputSchema,
  listQuery: PackageListQuerySchema,
})
