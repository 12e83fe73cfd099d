// The admin area's users and roles (spec 2 "Admin", 6): shapes and rules shared by /admin and the API.
import { z } from 'zod';
import { pageCursor } from './text-fields';
import { ROLES, type Role } from './roles';

export const ADMIN_MESSAGES = {
  accessDenied: 'Acesso Negado: Você não tem permissão para acessar esta área.',
  roleRequired: 'Selecione um usuário e um papel.',
  userNotFound: 'Usuário não encontrado.',
  noAccount: 'Este perfil foi criado pela importação e não tem conta: não pode receber papéis.',
  roleNotHeld: 'Papel não encontrado.',
  lastMaster: 'Você é o único Master e não pode remover o próprio papel de Master.',
  mfaNotEnabled: 'Este usuário não tem a verificação em duas etapas ativa.',
} as const;

export const roleAssignmentSchema = z.object({
  role: z.enum(ROLES, { error: ADMIN_MESSAGES.roleRequired }),
});

export const userListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: pageCursor(),
});

export interface AdminUser {
  id: string;
  full_name: string;
  email: string;
  roles: Role[];
  /** Out of 10, one decimal; null before there is anything to judge. */
  quality_score: number | null;
  created_at: string;
  /** False for an author profile an import made (no account: nobody signs in with it, it holds no role). */
  has_account: boolean;
  /** A verified authenticator app (TOTP), as the API last read it from Cognito: staff roles count only with it. */
  mfa_enabled: boolean;
}
