import type { SuccessRule } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';

/** How the mission is judged at the end of a session, in words. */
export function SuccessRuleText({ rule }: { rule: SuccessRule }) {
  const { t } = useTranslation('content');
  switch (rule.kind) {
    case 'required_objectives':
      return t('mission.successRules.required_objectives');
    case 'min_points':
      return t('mission.successRules.min_points', { count: rule.points });
    case 'min_objectives':
      return t('mission.successRules.min_objectives', { count: rule.count });
  }
}
