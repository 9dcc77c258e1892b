import type { FieldIssue, Locale } from '@rampart/contracts';
import { useTranslation } from 'react-i18next';
import {
  moved,
  newMission,
  newObjective,
  placeOf,
  withoutObjective,
  type ChapterDraft,
  type MissionDraft,
  type ObjectiveDraft,
} from '../lib/chapter-draft';
import { MissionFields } from './mission-fields';
import { ObjectiveFields } from './objective-fields';
import { ObjectiveFiles } from './objective-files';
import { OrderedList } from './ordered-list';
import styles from './editor.module.css';

export interface Selection {
  mission: number;
  objective: number;
}

const invalidItems = (issues: readonly FieldIssue[], mission: number | null) => {
  const indexes = new Set<number>();
  for (const issue of issues) {
    const place = placeOf(issue.path);
    if (mission === null && place.mission !== null) indexes.add(place.mission);
    if (mission !== null && place.mission === mission && place.objective !== null)
      indexes.add(place.objective);
  }
  return indexes;
};

/** The chapter's missions and the selected mission's objectives, each list beside its fields. */
export function ChapterStructure({
  draft,
  selection,
  issues,
  savedObjectives,
  onSelect,
  onChange,
}: {
  draft: ChapterDraft;
  selection: Selection;
  issues: readonly FieldIssue[];
  /** Objectives the server has: only those can receive files. */
  savedObjectives: ReadonlySet<string>;
  onSelect: (selection: Selection) => void;
  onChange: (missions: MissionDraft[]) => void;
}) {
  const { t, i18n } = useTranslation('contentAuthoring');
  const locale = (i18n.language === 'fr' ? 'fr' : 'en') as Locale;
  const missions = draft.chapter.missions;
  const mission = missions[selection.mission];
  const objective = mission?.objectives[selection.objective];
  const missionPath = `chapter.missions[${selection.mission}]`;
  const objectivePath = `${missionPath}.objectives[${selection.objective}]`;
  const nameOf = (text: { en: string; fr: string }, fallback: string) =>
    text[locale] || text.en || text.fr || fallback;

  const setMission = (next: MissionDraft) =>
    onChange(missions.map((other, m) => (m === selection.mission ? next : other)));
  const setObjective = (next: ObjectiveDraft) =>
    mission &&
    setMission({
      ...mission,
      objectives: mission.objectives.map((other, o) => (o === selection.objective ? next : other)),
    });

  return (
    <>
      <div className={styles.split}>
        <OrderedList
          heading={t('missions.heading')}
          names={missions.map((m) => nameOf(m.title, t('missions.untitled')))}
          keys={missions.map((m) => m.uuid)}
          selected={selection.mission}
          invalid={invalidItems(issues, null)}
          addLabel={t('missions.add')}
          onSelect={(index) => onSelect({ mission: index, objective: 0 })}
          onMove={(index, by) => {
            onChange(moved(missions, index, by));
            onSelect({ mission: index + by, objective: selection.objective });
          }}
          onRemove={(index) => {
            onChange(missions.filter((_m, m) => m !== index));
            onSelect({ mission: Math.max(0, Math.min(index, missions.length - 2)), objective: 0 });
          }}
          onAdd={() => {
            onChange([...missions, newMission()]);
            onSelect({ mission: missions.length, objective: 0 });
          }}
        />
        {mission && (
          <MissionFields
            key={mission.uuid}
            mission={mission}
            path={missionPath}
            issues={issues}
            onChange={(change) => setMission({ ...mission, ...change })}
          />
        )}
      </div>
      {mission && (
        <div className={styles.split}>
          <OrderedList
            heading={t('objectives.heading')}
            names={mission.objectives.map((o) => nameOf(o.title, t('objectives.untitled')))}
            keys={mission.objectives.map((o) => o.uuid)}
            selected={selection.objective}
            invalid={invalidItems(issues, selection.mission)}
            addLabel={t('objectives.add')}
            onSelect={(index) => onSelect({ ...selection, objective: index })}
            onMove={(index, by) => {
              setMission({ ...mission, objectives: moved(mission.objectives, index, by) });
              onSelect({ ...selection, objective: index + by });
            }}
            onRemove={(index) => {
              setMission(withoutObjective(mission, index));
              onSelect({
                ...selection,
                objective: Math.max(0, Math.min(index, mission.objectives.length - 2)),
              });
            }}
            onAdd={() => {
              setMission({ ...mission, objectives: [...mission.objectives, newObjective()] });
              onSelect({ ...selection, objective: mission.objectives.length });
            }}
          />
          {objective && (
            <div className={styles.stack}>
              <ObjectiveFields
                key={objective.uuid}
                objective={objective}
                mission={mission}
                path={objectivePath}
                issues={issues}
                onChange={setObjective}
              />
              <ObjectiveFiles
                objectiveUuid={objective.uuid}
                files={objective.files}
                saved={savedObjectives.has(objective.uuid)}
                onChange={(files) => setObjective({ ...objective, files })}
              />
            </div>
          )}
        </div>
      )}
    </>
  );
}
