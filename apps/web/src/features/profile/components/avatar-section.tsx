import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarChangeForm } from '../../onboarding';
import { ProfileSection } from './profile-section';
import { SectionLoading } from '../../../components/ui/section-state/section-state';

const TITLE_ID = 'profile-avatar-title';

/** The onboarding's picker, to change one's avatar at any time. */
export function AvatarSection() {
  const { t } = useTranslation('profile');
  return (
    <ProfileSection id="avatar" title={t('sections.avatar')} description={t('avatar.description')}>
      <Suspense fallback={<SectionLoading lines={4} />}>
        <AvatarChangeForm labelledBy={TITLE_ID} />
      </Suspense>
    </ProfileSection>
  );
}
