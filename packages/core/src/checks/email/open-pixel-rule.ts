/** SpamAssassin's rules on HTML with images and little text: an open pixel is an image to them. */
const IMAGE_RULE = /^HTML_IMAGE_(ONLY|RATIO)_\d+$/;

/**
 * Whether a rule fires because of the open pixel: an image rule on an email whose only image is the pixel
 * (with open tracking off, the same email has no image for the rule to see).
 */
export function openPixelRule(rule: string, html: string, pixelUrl: string | null): boolean {
  if (!pixelUrl || !IMAGE_RULE.test(rule)) return false;
  const images = [...html.matchAll(/<img\b[^>]*>/gi)].map((tag) => tag[0]);
  return images.length > 0 && images.every((tag) => tag.includes(pixelUrl));
}
