/** How the app shows a value it received but cannot use: said plainly, never an error screen. */
export default {
  unknownDate: 'Unknown date',
  unknown: 'Unknown',
  yes: 'Yes',
  no: 'No',
  empty: 'Empty',
}
