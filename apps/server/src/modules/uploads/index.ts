// The uploads module's entry: what other modules may use (decision 186).
export type { ImageRelease, ImagesInUse, UploadsService } from './uploads.service.js'
