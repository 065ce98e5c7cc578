/**
 * Freezes `value` and every object inside it; returns it. What the contract shares between
 * documents and builds (memoized resource parts, repeated field schemas, fixed constants) is frozen,
 * so a later write into a shared object throws instead of changing another document.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
