// Plain data: who buys the demo books and how their orders end.

/** Order lines of the demo account (repeated lines included): two years, about 60 a month. */
export const DEMO_ORDER_LINES = 1500;

/** How far back the demo orders go: two years, so the reports compare a December with the last. */
export const DEMO_ORDER_DAYS = 730;

/**
 * Relative sales per calendar month (January first): books sell most before Christmas, least in
 * the back-to-school months. Dates are drawn in proportion, so December has about twice the
 * orders of February.
 */
export const MONTH_WEIGHTS = [0.8, 0.7, 0.85, 0.9, 0.95, 0.9, 0.95, 1, 1, 1.1, 1.35, 2.1];

/** Where copies sell, by the book's region (orders.channel, migration 016). */
export const CHANNELS: Record<'local' | 'international', Array<[string, number]>> = {
  local: [
    ['takealot', 0.7],
    ['direct', 0.3],
  ],
  international: [
    ['amazon', 0.7],
    ['ingramspark', 0.3],
  ],
};

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
  ['shipped to customer', 0.86],
  ['returned', 0.03],
  ['cancelled by customer', 0.05],
  ['preparing for shipment', 0.03],
  ['awaiting stock', 0.03],
];
