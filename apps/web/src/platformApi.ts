// The toolkit's view of the one HTTP client: signed calls and password encryption.
import type { ApiClient } from '@srm/platform-ui';
import { apiCall } from './api';
import { encryptPassword } from './auth/authApi';

export const platformApi: ApiClient = {
  post: (path, body) => apiCall(path, body),
  encrypt: encryptPassword,
};
