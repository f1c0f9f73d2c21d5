import { request } from './request.ts';

/** The system settings (GET/PUT /api/system/SysConfig); numbers are minutes, counts and MB. */
export interface SysConfig {
  title: string;
  sysName: string;
  sysVersion: string;
  logoIcon: string;
  loginIcon: string;
  navigationIcon: string;
  copyright: string;
  companyName: string;
  tokenTimeout: number;
  singleLogin: 1 | 2;
  passwordErrorsNumber: number;
  lockType: 1 | 2;
  lockTime: number;
  enableVerificationCode: 0 | 1;
  verificationCodeNumber: number;
  uploadMaxSize: number;
  uploadExtensions: string;
  dataInterfaceHosts: string;
}

const URL = '/api/system/SysConfig';

export const sysConfigApi = {
  get: async () => (await request<SysConfig>({ url: URL })).data!,
  save: (body: Partial<SysConfig>) => request<SysConfig>({ url: URL, method: 'PUT', data: body }),
  /** Uploads a logo image; answers the URL to store in logoIcon, loginIcon or navigationIcon. */
  uploadIcon: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (
      await request<{ name: string; url: string }>({ url: '/api/file/Uploader/systemIcon', method: 'POST', data: form })
    ).data!;
  },
};
