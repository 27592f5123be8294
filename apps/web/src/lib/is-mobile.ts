import { MOBILE_MAX_WIDTH_PX } from '@toolkit/contracts/constants.ts';

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** §9: a mobile user agent, or touch with a viewport 768 px wide or less. */
export function isMobileAgent(): boolean {
  if (MOBILE_AGENT.test(navigator.userAgent)) return true;
  const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0;
  return touch && window.innerWidth <= MOBILE_MAX_WIDTH_PX;
}
