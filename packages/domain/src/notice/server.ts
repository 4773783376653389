// Notices' server functions, for other areas and tests.
export { noticeServer } from './area.server';
export { audienceQuery, writeReceivers } from './notice/audience';
