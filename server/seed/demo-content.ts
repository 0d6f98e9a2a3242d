import type { PolicyText } from './documents';

/** The demo organisation's published policies and the template library's starting templates. */
export const DEMO_POLICIES: Array<PolicyText & { folder: string; format: 'docx' | 'pdf'; description: string }> = [
  {
    folder: 'Infection Prevention',
    format: 'docx',
    title: 'Hand Hygiene',
    description: 'When and how staff clean their hands to prevent healthcare-associated infections.',
    sections: [
      {
        heading: 'Purpose',
        paragraphs: [
          'To reduce the transmission of healthcare-associated infections by ensuring that all staff perform hand hygiene at the right moments and with the right technique.',
        ],
      },
      {
        heading: 'Policy',
        paragraphs: [
          'All staff perform hand hygiene before touching a patient, before a clean or aseptic procedure, after body fluid exposure risk, after touching a patient and after touching patient surroundings.',
          'Alcohol-based hand rub is the preferred method unless hands are visibly soiled or after caring for a patient with Clostridioides difficile, when soap and water are used.',
        ],
      },
      {
        heading: 'Monitoring',
        paragraphs: ['The Infection Control Committee audits compliance monthly by direct observation and reports the results to the Quality Committee.'],
      },
    ],
  },
  {
    folder: 'Medication Management',
    format: 'pdf',
    title: 'Medication Administration',
    description: 'The rights of safe medication administration and how to document them.',
    sections: [
      {
        heading: 'Purpose',
        paragraphs: ['To ensure medications are administered safely, accurately and in accordance with the prescriber order.'],
      },
      {
        heading: 'Procedure',
        paragraphs: [
          'Before administering any medication the nurse verifies the right patient, right medication, right dose, right route and right time, using two patient identifiers.',
          'High-alert medications such as insulin and heparin require an independent double check by a second licensed clinician before administration.',
          'Every administration is documented in the electronic medication administration record at the time it is given.',
        ],
      },
    ],
  },
  {
    folder: 'Patient Safety',
    format: 'pdf',
    title: 'Patient Identification',
    description: 'Two identifiers before every treatment, test or procedure.',
    sections: [
      {
        heading: 'Policy',
        paragraphs: [
          "Staff use at least two patient identifiers, the patient's full name and date of birth, before administering medications, blood products, taking specimens or providing treatment.",
          'The room number or physical location is never used as an identifier.',
        ],
      },
    ],
  },
  {
    folder: 'Onboarding',
    format: 'docx',
    title: 'Code of Conduct',
    description: 'The standards of professional behaviour expected of every employee.',
    sections: [
      {
        heading: 'Scope',
        paragraphs: ['This policy applies to all employees, contractors, volunteers and students of Demo Health.'],
      },
      {
        heading: 'Expectations',
        paragraphs: [
          'Employees treat patients, visitors and colleagues with dignity and respect, protect confidential information, and report concerns without fear of retaliation.',
          'Conflicts of interest are disclosed to the Compliance Officer in writing.',
        ],
      },
    ],
  },
  {
    folder: 'Emergency Management',
    format: 'docx',
    title: 'Fire Safety and Evacuation',
    description: 'RACE and PASS: what to do when there is a fire.',
    sections: [
      {
        heading: 'Procedure',
        paragraphs: [
          'On discovering a fire staff follow RACE: Rescue anyone in immediate danger, Alarm by pulling the nearest pull station, Contain by closing doors, Extinguish or Evacuate.',
          'Portable extinguishers are used with PASS: Pull the pin, Aim at the base, Squeeze the handle, Sweep side to side.',
        ],
      },
    ],
  },
];

export const DEMO_TEMPLATES: Array<PolicyText & { source: 'HealthStream Library' | 'Joint Commission'; description: string }> = [
  {
    source: 'Joint Commission',
    title: 'Informed Consent Template',
    description: 'A starting point for an informed consent policy aligned with accreditation standards.',
    sections: [
      { heading: 'Purpose', paragraphs: ['Describe how the organization obtains and documents informed consent.'] },
      { heading: 'Policy', paragraphs: ['State which procedures require written consent and who may obtain it.'] },
      { heading: 'Procedure', paragraphs: ['List the steps: explanation, questions answered, signature, witness, documentation.'] },
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
      { heading: 'Assessment', paragraphs: ['Assess every inpatient for fall risk on admission, on transfer and after a fall.'] },
      { heading: 'Interventions', paragraphs: ['Apply universal fall precautions and the interventions for the assessed risk level.'] },
    ],
  },
];
