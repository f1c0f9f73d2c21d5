import type { UserInfo } from '@atrium/shared';

/** Page size of the select dialog; without paging one page holds everything. */
export const SELECT_PAGE_SIZE = 20;
export const SELECT_ALL_PAGE_SIZE = 10000;

export interface SelectDefaults {
  creatorUserId: string;
  creatorUserName: string;
  organizeId: string;
  organizeName: string;
  positionId: string;
  positionName: string;
}

/**
 * What a select dialog pre-fills from the signed-in user: the creator, the current
 * organisation and the first position. Empty strings when nobody is signed in.
 */
export function selectDefaults(userInfo: UserInfo | null | undefined): SelectDefaults {
  const position = userInfo?.positionIds?.[0];
  return {
    creatorUserId: userInfo?.userId ?? '',
    creatorUserName: userInfo?.userName ?? '',
    organizeId: userInfo?.organizeId ?? '',
    organizeName: userInfo?.organizeName ?? '',
    positionId: position?.id ?? '',
    positionName: position?.name ?? '',
  };
}
