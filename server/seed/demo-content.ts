import { CLINICAL_POLICIES } from './demo-catalogue-clinical';
import { OPERATIONS_POLICIES } from './demo-catalogue-operations';
import { PATIENT_CARE_POLICIES } from './demo-catalogue-patient-care';
import type { DemoPolicy } from './demo-policy-text';
import type { PolicyText } from './documents';

/**
 * The demo organisation's P&Ps (about forty, in every state of the workflow) and the template
 * library's starting templates.
 */
export const DEMO_POLICIES: DemoPolicy[] = [...CLINICAL_POLICIES, ...PATIENT_CARE_POLICIES, ...OPERATIONS_POLICIES];

export const DEMO_TEMPLATES: Array<
  PolicyText & { source: 'HealthStream Library' | 'Joint Commission'; description: string }
> = [
  {
    source: 'Joint Commission',
    title: 'Informed Consent Template',
    description: 'A starting point for an informed consent policy aligned with accreditation standards.',
    sections: [
      { heading: 'Purpose', paragraphs: ['Describe how the organization obtains and documents informed consent.'] },
      { heading: 'Policy', paragraphs: ['State which procedures require written consent and who may obtain it.'] },
      {
        heading: 'Procedure',
        paragraphs: ['List the steps: explanation, questions answered, signature, witness, documentation.'],
      },
    ],
  },
  {
    source: 'HealthStream Library',
    title: 'Workplace Violence Prevention Template',
    description: 'Template policy for preventing and responding to workplace violence.',
    sections: [
      { heading: 'Purpose', paragraphs: ['Describe the commitment to a workplace free from violence and threats.'] },
      { heading: 'Reporting', paragraphs: ['Explain how staff report incidents and how reports are investigated.'] },
    ],
  },
  {
    source: 'HealthStream Library',
    title: 'Fall Prevention Template',
    description: 'Template for assessing fall risk and applying prevention measures.',
    sections: [
      {
        heading: 'Assessment',
        paragraphs: ['Assess every inpatient for fall risk on admission, on transfer and after a fall.'],
      },
      {
        heading: 'Interventions',
        paragraphs: ['Apply universal fall precautions and the interventions for the assessed risk level.'],
      },
    ],
  },
];
