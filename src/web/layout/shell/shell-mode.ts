import { createContext, useContext } from 'react';
import type { ShellMode } from './shell-nav';

/** Which shell a screen sits in: the public demo or the signed-in hub (module screens render in both). */
export const ShellModeContext = createContext<ShellMode>('live');

export function useShellMode(): ShellMode {
  return useContext(ShellModeContext);
}
