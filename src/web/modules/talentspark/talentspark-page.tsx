import { ModulePage } from '../shared/module-page';
import { TALENTSPARK_STATS } from './talentspark.data';
import { MatchingTab, ProfilesTab, SkillsTab, TrainingTab } from './talentspark-tabs';

/** Talent admin (TalentSpark), spec §2 item 5. */
export default function TalentsparkPage() {
  return (
    <ModulePage
      title="Talent Admin"
      description="TalentSpark: talent profiles, certifications, training and the matching algorithm."
      stats={TALENTSPARK_STATS}
      tabs={[
        { value: 'profiles', label: 'Talent Profiles', content: <ProfilesTab /> },
        { value: 'skills', label: 'Skills & Certifications', content: <SkillsTab /> },
        { value: 'training', label: 'Training Programs', content: <TrainingTab /> },
        { value: 'matching', label: 'Matching Algorithm', content: <MatchingTab /> },
      ]}
    />
  );
}
