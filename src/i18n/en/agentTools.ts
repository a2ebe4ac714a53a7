export default {
  keyValue: {
    name: 'Name',
    value: 'Value',
    none: 'No {item} yet.',
    add: 'Add {item}',
    remove: 'Remove',
    nameOf: 'Name of {item} {n}',
    valueOf: 'Value of {item} {n}',
    removeOf: 'Remove {item} {n}',
  },
  json: {
    hint: 'A JSON document. Leave it empty to send no body.',
    invalid: 'This is not valid JSON: {reason}',
    format: 'Format',
  },
  week: {
    label: 'Weekly schedule',
    days: {
      0: 'Sunday',
      1: 'Monday',
      2: 'Tuesday',
      3: 'Wednesday',
      4: 'Thursday',
      5: 'Friday',
      6: 'Saturday',
    },
    off: 'Off all day',
    noHours: 'No hours: add a time range or turn the day off.',
    addRange: 'Add hours',
    startOf: '{day}, range {n}, start (HH:MM)',
    endOf: '{day}, range {n}, end (HH:MM)',
    removeOf: 'Remove {day} range {n}',
    problem: {
      format: 'Use HH:MM, e.g. 08:30.',
      order: 'The end must be after the start.',
      overlap: 'Overlaps another range of this day.',
    },
  },
  list: {
    clearFilter: 'Clear filter',
  },
}
