import type { DemoPolicy } from './demo-policy-text';

/** The demo organisation's infection prevention and medication management P&Ps. */
export const CLINICAL_POLICIES: DemoPolicy[] = [
  {
    folder: 'Infection Prevention',
    format: 'docx',
    title: 'Hand Hygiene',
    description: 'When and how staff clean their hands to prevent healthcare-associated infections.',
    purpose:
      'To reduce the transmission of healthcare-associated infections by ensuring that all staff perform hand hygiene at the right moments and with the right technique.',
    policy: [
      'All staff perform hand hygiene before touching a patient, before a clean or aseptic procedure, after body fluid exposure risk, after touching a patient and after touching patient surroundings.',
      'Alcohol-based hand rub is the preferred method unless hands are visibly soiled or after caring for a patient with Clostridioides difficile, when soap and water are used.',
      'Staff providing direct care keep natural nails short and wear no artificial nails or extenders.',
    ],
    procedure: [
      'Apply a palmful of alcohol-based hand rub and cover all surfaces of both hands.',
      'Rub palm to palm, backs of hands, between fingers, thumbs and fingertips until dry, about 20 to 30 seconds.',
      'When using soap and water, wet hands, apply soap, rub all surfaces for at least 20 seconds, rinse and dry with a single-use towel.',
      'Turn off the tap with the towel and discard it in the waste bin.',
    ],
    responsibilities: [
      ['All staff', 'Perform hand hygiene at each of the five moments and remind colleagues when it is missed.'],
      [
        'Infection Control Committee',
        'Audits compliance monthly by direct observation and reports the results to the Quality Committee.',
      ],
      ['Department leaders', 'Keep hand rub dispensers filled and act on the unit audit results.'],
    ],
    references: ['World Health Organization, Guidelines on Hand Hygiene in Health Care, 2009.'],
    story: { kind: 'published' },
  },
  {
    folder: 'Infection Prevention',
    format: 'pdf',
    title: 'Isolation Precautions',
    description: 'Standard and transmission-based precautions: contact, droplet and airborne.',
    purpose:
      'To prevent the spread of infectious agents between patients, staff and visitors by applying standard precautions to every patient and transmission-based precautions when indicated.',
    policy: [
      'Standard precautions are used for every patient, whatever their diagnosis.',
      'Contact, droplet or airborne precautions start as soon as an infection is suspected, without waiting for laboratory confirmation.',
      'Patients on airborne precautions are placed in a negative-pressure room with the door closed.',
      'Isolation signage is posted at the door and shows the required personal protective equipment.',
    ],
    procedure: [
      'Assess the patient for signs of transmissible infection on admission and daily.',
      'Enter the isolation order in the electronic health record and notify Infection Prevention.',
      'Place the patient in a suitable room and post the isolation sign.',
      'Stock the isolation cart outside the room with the required personal protective equipment.',
      'Explain the precautions to the patient and visitors and document the education.',
      'Discontinue precautions only when the criteria of Infection Prevention are met.',
    ],
    responsibilities: [
      ['Registered nurse', 'Starts precautions, places the sign and educates the patient and visitors.'],
      ['Infection Prevention', 'Confirms the type and duration of precautions and tracks isolated patients.'],
      ['Environmental Services', 'Performs the terminal clean required for the isolation type on discharge.'],
    ],
    story: { kind: 'published' },
    links: ['Hand Hygiene', 'Personal Protective Equipment'],
  },
  {
    folder: 'Infection Prevention',
    format: 'docx',
    title: 'Personal Protective Equipment',
    description: 'Choosing, putting on and removing gloves, gowns, masks, respirators and eye protection.',
    purpose:
      'To protect staff and patients from exposure to infectious material through the correct selection and use of personal protective equipment.',
    policy: [
      'Personal protective equipment is chosen for the anticipated exposure, not for the diagnosis alone.',
      'N95 respirators are worn only by staff who passed a fit test within the last twelve months.',
      'Equipment is removed before leaving the patient room, except respirators, which are removed after leaving.',
    ],
    procedure: [
      'Perform hand hygiene.',
      'Put on the gown, then the mask or respirator, then eye protection, then gloves over the gown cuffs.',
      'Remove gloves and gown together, rolling them inside out, and discard them in the room.',
      'Perform hand hygiene, leave the room, then remove eye protection and the mask or respirator by the straps.',
      'Perform hand hygiene again.',
    ],
    responsibilities: [
      ['All staff', 'Wear the equipment the isolation sign or the task requires.'],
      ['Employee Health', 'Fit tests staff for respirators each year.'],
      ['Supply Chain', 'Keeps par levels of equipment on every unit and reports shortages.'],
    ],
    story: { kind: 'revised', versions: 2 },
  },
  {
    folder: 'Infection Prevention',
    format: 'pdf',
    title: 'Sharps Safety and Needlestick Injury',
    description: 'Safe handling and disposal of sharps and what to do after a needlestick.',
    purpose: 'To prevent sharps injuries and to make sure that any exposure is assessed and treated quickly.',
    policy: [
      'Safety-engineered sharps are used wherever a safer device exists.',
      'Needles are never recapped, bent or broken by hand.',
      'Sharps containers are replaced when three-quarters full.',
    ],
    procedure: [
      'Activate the safety feature immediately after use.',
      'Dispose of the sharp at the point of use in a puncture-resistant container.',
      'After an injury, wash the site with soap and water at once.',
      'Report the injury to your supervisor and go to Employee Health, or to the Emergency Department after hours, within two hours.',
      'Complete the incident report before the end of the shift.',
    ],
    responsibilities: [
      ['All staff', 'Use safety devices and report every exposure.'],
      ['Employee Health', 'Assesses the exposure, orders source testing and offers post-exposure prophylaxis.'],
      ['Safety Officer', 'Reviews sharps injuries and evaluates safer devices each year.'],
    ],
    story: { kind: 'published' },
    links: ['Personal Protective Equipment'],
  },
  {
    folder: 'Infection Prevention',
    format: 'docx',
    title: 'Environmental Cleaning of Patient Rooms',
    description: 'Daily and discharge cleaning of patient rooms and shared equipment.',
    purpose:
      'To reduce environmental contamination by defining how patient rooms and shared equipment are cleaned and disinfected.',
    policy: [
      'Patient rooms are cleaned daily and terminally cleaned on discharge or transfer.',
      'Only hospital-grade disinfectants approved by Infection Prevention are used, with their full contact time.',
      'Shared equipment is cleaned between patients by the staff member who used it.',
    ],
    procedure: [
      'Perform hand hygiene and put on gloves.',
      'Clean from clean to dirty and from high to low surfaces.',
      'Disinfect high-touch surfaces: bed rails, call light, overbed table, door handles and light switches.',
      'Clean the bathroom last, using a separate cloth.',
      'Mark the room clean in the bed management system.',
    ],
    responsibilities: [
      ['Environmental Services', 'Cleans rooms to this standard and fluorescent-marks a sample each week.'],
      ['Nursing staff', 'Clean shared equipment between patients.'],
      ['Infection Prevention', 'Approves products and reviews audit results.'],
    ],
    // The Infection Control Committee reviews it as a group: each of its members has the review to do.
    participants: { reviewers: [{ group: 'Infection Control Committee' }] },
    story: { kind: 'draft', stage: 'Reviewing' },
  },
  {
    folder: 'Infection Prevention',
    format: 'pdf',
    title: 'Central Line Bundle',
    description: 'Insertion and maintenance bundle to prevent central line-associated bloodstream infections.',
    purpose:
      'To prevent central line-associated bloodstream infections through a consistent insertion and maintenance bundle.',
    policy: [
      'Every central line insertion follows the insertion checklist, and an observer may stop the procedure.',
      'The need for each central line is reviewed daily and lines are removed as soon as they are not needed.',
      'Dressings are changed every seven days, or sooner if damp, loose or soiled.',
    ],
    procedure: [
      'Perform hand hygiene and use maximal sterile barrier precautions.',
      'Prepare the skin with chlorhexidine and allow it to dry.',
      'Avoid the femoral site in adults when another site is suitable.',
      'Scrub the hub for 15 seconds before every access.',
      'Document the daily necessity review in the electronic health record.',
    ],
    responsibilities: [
      ['Inserting practitioner', 'Follows the insertion bundle.'],
      ['Registered nurse', 'Observes insertion, maintains the line and prompts the daily review.'],
      ['Infection Prevention', 'Reports infection rates to the units each month.'],
    ],
    story: { kind: 'draft', stage: 'Approving' },
  },
  {
    folder: 'Infection Prevention',
    format: 'docx',
    title: 'Outbreak Management',
    description: 'Recognising and controlling an outbreak of infection in the hospital.',
    purpose: 'To detect outbreaks early and to coordinate the response.',
    policy: [
      'Infection Prevention declares an outbreak when cases exceed the expected number.',
      'An outbreak team meets daily until the outbreak is declared over.',
    ],
    procedure: [
      'Confirm the cases and define the outbreak.',
      'Apply control measures and communicate them to the affected units.',
      'Notify the public health department when required.',
      'Declare the outbreak over after two incubation periods without new cases.',
    ],
    responsibilities: [
      ['Infection Prevention', 'Leads the investigation and the outbreak team.'],
      ['Unit leaders', 'Carry out the control measures.'],
    ],
    story: {
      kind: 'retired',
      reason: 'Replaced by the Emergency Operations Plan, whose infectious disease annex now covers outbreaks.',
    },
  },
  {
    folder: 'Medication Management',
    format: 'pdf',
    title: 'Medication Administration',
    description: 'The rights of safe medication administration and how to document them.',
    purpose: 'To ensure medications are administered safely, accurately and in accordance with the prescriber order.',
    policy: [
      'Before administering any medication the nurse verifies the right patient, right medication, right dose, right route and right time, using two patient identifiers.',
      'High-alert medications such as insulin and heparin require an independent double check by a second licensed clinician before administration.',
      'Every administration is documented in the electronic medication administration record at the time it is given.',
    ],
    procedure: [
      'Review the order and the patient allergies.',
      'Scan the patient wristband and the medication barcode.',
      'Explain the medication to the patient and check for understanding.',
      'Administer the medication and stay until oral medications are taken.',
      'Document administration and assess the response.',
    ],
    responsibilities: [
      ['Registered nurse', 'Administers and documents medications.'],
      ['Pharmacist', 'Verifies orders before the first dose, except in emergencies.'],
      ['Nurse manager', 'Reviews barcode scanning compliance each month.'],
    ],
    story: { kind: 'published' },
  },
  {
    folder: 'Medication Management',
    format: 'docx',
    title: 'High-Alert Medications',
    description: 'Extra safeguards for medications that cause significant harm when used in error.',
    purpose:
      'To prevent harm from high-alert medications through standard concentrations, independent double checks and clear labelling.',
    policy: [
      'The Pharmacy and Therapeutics Committee keeps the list of high-alert medications.',
      'Insulin, heparin, opioid infusions, concentrated electrolytes and chemotherapy need an independent double check.',
      'Concentrated potassium chloride is not stocked on patient care units.',
    ],
    procedure: [
      'The first nurse prepares the medication and the pump settings.',
      'A second licensed clinician checks the order, medication, dose, pump settings and line independently.',
      'Both clinicians document the double check on the form or in the electronic record.',
    ],
    responsibilities: [
      ['Registered nurse', 'Performs and documents the double check.'],
      ['Pharmacy', 'Supplies standard concentrations and auxiliary labels.'],
    ],
    story: { kind: 'published' },
    attachments: ['Independent Double Check Form'],
  },
  {
    folder: 'Medication Management',
    format: 'pdf',
    title: 'Controlled Substances Handling',
    description: 'Storage, counting, wasting and discrepancy resolution for controlled substances.',
    purpose: 'To comply with federal and state law and to prevent diversion of controlled substances.',
    policy: [
      'Controlled substances are stored in automated dispensing cabinets with individual access.',
      'Waste is witnessed by a second licensed clinician and documented at the time of waste.',
      'Discrepancies are resolved before the end of the shift.',
    ],
    procedure: [
      'Remove only the dose needed for one patient at a time.',
      'Waste any unused portion with a witness in the cabinet.',
      'Report an unresolved discrepancy to the charge nurse and pharmacy at once.',
      'Pharmacy reviews diversion reports each week.',
    ],
    responsibilities: [
      ['Licensed clinicians', 'Follow the removal and waste steps.'],
      ['Pharmacy', 'Investigates discrepancies and runs the diversion surveillance report.'],
    ],
    story: { kind: 'revised', versions: 3 },
  },
  {
    folder: 'Medication Management',
    format: 'docx',
    title: 'Medication Reconciliation',
    description: 'Comparing the medication list at admission, transfer and discharge.',
    purpose: 'To prevent medication errors at transitions of care by keeping one accurate medication list.',
    policy: [
      'A best possible medication history is taken within 24 hours of admission.',
      'Medications are reconciled at admission, transfer and discharge.',
      'The patient receives an updated medication list at discharge with an explanation.',
    ],
    procedure: [
      'Interview the patient and family and check at least one other source.',
      'Record the home medications in the electronic health record.',
      'The prescriber decides to continue, change or stop each medication.',
      'At discharge, review the final list with the patient.',
    ],
    responsibilities: [
      ['Pharmacy technician', 'Takes the medication history where available.'],
      ['Prescriber', 'Reconciles at each transition.'],
      ['Registered nurse', 'Educates the patient at discharge.'],
    ],
    story: { kind: 'draft', stage: 'Publishing' },
  },
  {
    folder: 'Medication Management',
    format: 'pdf',
    title: 'Look-Alike Sound-Alike Medications',
    description: 'Reducing errors between medications with similar names or packaging.',
    purpose: 'To reduce errors involving medications whose names or packaging look or sound alike.',
    policy: [
      'Pharmacy keeps a list of look-alike sound-alike pairs used at Demo Health.',
      'Tall man lettering is used in the electronic health record and on cabinet labels.',
      'Look-alike medications are stored apart from each other.',
    ],
    procedure: [
      'Check the indication for any medication on the list.',
      'Read back verbal orders for these medications, spelling the name.',
      'Report near misses through the incident reporting system.',
    ],
    responsibilities: [
      ['Pharmacy', 'Keeps the list and the storage arrangements.'],
      ['All clinicians', 'Use the safeguards and report near misses.'],
    ],
    story: { kind: 'draft', stage: 'Authoring' },
  },
  {
    folder: 'Medication Management',
    format: 'docx',
    title: 'Verbal and Telephone Orders',
    description: 'When verbal and telephone orders may be taken and how they are read back.',
    purpose: 'To limit verbal orders and to make them safe when they cannot be avoided.',
    policy: [
      'Verbal orders are taken only in emergencies or during sterile procedures.',
      'Every verbal order is read back and confirmed.',
    ],
    procedure: [
      'Write the order down as it is given.',
      'Read it back and receive confirmation.',
      'The prescriber authenticates the order within 48 hours.',
    ],
    responsibilities: [['Licensed clinicians', 'Take, read back and record verbal orders.']],
    story: {
      kind: 'retired',
      reason:
        'Electronic order entry is now used everywhere; verbal orders are covered by the Medication Administration policy.',
    },
  },
];
