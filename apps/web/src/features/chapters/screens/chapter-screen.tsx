import { PlaceholderScreen } from '../../placeholder';

export default function ChapterScreen() {
  return <PlaceholderScreen screen="chapter" />;
}
