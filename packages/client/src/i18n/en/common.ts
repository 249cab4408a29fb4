/** English words of the lobby, the table page, errors and quick chat. */
export const common = {
  language: 'Language',
} as const;
