import { canUseScenarios } from '@clearing-desk/contracts';
import { ScenarioScreen } from '@/features/scenarios/components/scenario-screen';
import { SCENARIO_SCREEN_TEXTS } from '@/features/scenarios/texts';
import { useUser } from '@/lib/auth';

/** /staff/scenarios: training scenarios for staff users with a role (canUseScenarios). */
export function ScenariosRoute() {
  const user = useUser();
  if (!canUseScenarios(user)) {
    return (
      <>
        <h1 className="cd-heading-l">{SCENARIO_SCREEN_TEXTS.HEADING}</h1>
        <p className="cd-body">{SCENARIO_SCREEN_TEXTS.FORBIDDEN}</p>
      </>
    );
  }
  return <ScenarioScreen />;
}

export { ScenariosRoute as Component };
