// Plain data: who buys the demo books and how their orders end.

/** Order lines of the demo account (repeated lines included). */
export const DEMO_ORDER_LINES = 600;

export const CUSTOMERS = [
  'Sipho Mthembu',
  'Anele Zulu',
  'Pieter Botha',
  'Fatima Patel',
  'Lindiwe Ndlovu',
  'Johan van Wyk',
  'Nomsa Khumalo',
  'Rashid Adams',
  'Chantelle Pillay',
  'Thabo Molefe',
  'Megan Jacobs',
  'Kagiso Sithole',
  'Zanele Mahlangu',
  'Ruan Pretorius',
  'Ayesha Davids',
  'Bongani Nxumalo',
  'Sarah Cohen',
  'Lerato Dube',
  'Emily Carter',
  'Michael Brown',
  'Olivia Smith',
  'Noah Williams',
  'Grace Naidoo',
  'Tshepo Mokoena',
];

/** 'shipped to customer' shows green, every other status red. */
export const STATUSES: Array<[string, number]> = [
  ['shipped to customer', 0.8],
  ['returned', 0.06],
  ['cancelled by customer', 0.05],
  ['preparing for shipment', 0.05],
  ['awaiting stock', 0.04],
];
