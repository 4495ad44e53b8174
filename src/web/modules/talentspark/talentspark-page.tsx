import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { TALENTSPARK_STATS } from './talentspark.data';
import { MatchingTab, ProfilesTab, SkillsTab, TrainingTab } from './talentspark-tabs';

/** Talent admin (TalentSpark), spec §2 item 5. */
export default function TalentsparkPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.talentspark.talentAdmin', defaultMessage: 'Talent Admin' })}
      description={intl.formatMessage({
        id: 'modules.talentspark.talentsparkTalentProfilesCertificationsTrainingAnd',
        defaultMessage: 'TalentSpark: talent profiles, certifications, training and the matching algorithm.',
      })}
      stats={TALENTSPARK_STATS}
      tabs={[
        {
          value: 'profiles',
          label: intl.formatMessage({ id: 'modules.talentspark.talentProfiles', defaultMessage: 'Talent Profiles' }),
          content: <ProfilesTab />,
        },
        {
          value: 'skills',
          label: intl.formatMessage({
            id: 'modules.talentspark.skillsCertifications',
            defaultMessage: 'Skills & Certifications',
          }),
          content: <SkillsTab />,
        },
        {
          value: 'training',
          label: intl.formatMessage({
            id: 'modules.talentspark.trainingPrograms',
            defaultMessage: 'Training Programs',
          }),
          content: <TrainingTab />,
        },
        {
          value: 'matching',
          label: intl.formatMessage({
            id: 'modules.talentspark.matchingAlgorithm',
            defaultMessage: 'Matching Algorithm',
          }),
          content: <MatchingTab />,
        },
      ]}
    />
  );
}
