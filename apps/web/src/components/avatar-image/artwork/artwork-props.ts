export interface ArtworkProps {
  /** Prefix of the drawing's SVG ids (gradients, clip path), unique on the page. */
  uid: string;
}
