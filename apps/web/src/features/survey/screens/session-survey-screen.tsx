import { PlaceholderScreen } from '../../placeholder';

export default function SessionSurveyScreen() {
  return <PlaceholderScreen screen="sessionSurvey" />;
}
