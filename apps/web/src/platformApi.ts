// The toolkit's view of the one HTTP client: signed calls, uploads with progress, downloads and
// password encryption.
import type { ApiClient } from '@srm/platform-ui/core';
import { apiCall, apiDownload, apiUpload } from './api';
import { encryptPassword } from './auth/authApi';

export const platformApi: ApiClient = {
  post: (path, body) => apiCall(path, body),
  encrypt: encryptPassword,
  upload: (path, form, options) => apiUpload(path, form, options),
  download: (path, body) => apiDownload(path, body),
};
