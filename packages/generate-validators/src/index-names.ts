/**
 * `<prefix><i>`, a generated variable of field `i` (`v3`, `f3`): one string per index, made on first
 * use and shared by every record, not one per field.
 */
export function namesByIndex(prefix: string): (i: number) => string {
  const names: string[] = [];
  return (i) => {
    let name = names[i];
    if (name === undefined) {
      name = `${prefix}${i}`;
      names[i] = name;
    }
    return name;
  };
}
