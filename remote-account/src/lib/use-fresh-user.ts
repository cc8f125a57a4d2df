import { useQuery } from '@tanstack/react-query';
import { loadCurrentUser, queryKeys, useCurrentUser, type User } from '@pod/shared-contracts';

/**
 * The signed-in user, read again (GET /user/viewuserinfo) each time a profile screen opens.
 * The host reads the user once per sign-in; a profile screen shows review states (an update
 * request waiting, changes an admin applied) that change on the admins' side meanwhile. The
 * stored user shows at once and the answer replaces it (`loadCurrentUser` writes the
 * session); a failed read keeps the stored user. Without a signed-in user nothing is read.
 */
export function useFreshUser(): User | null {
  const user = useCurrentUser();
  useQuery({
    queryKey: queryKeys.user(),
    queryFn: loadCurrentUser,
    enabled: user !== null,
    refetchOnMount: 'always',
    staleTime: Infinity,
  });
  return user;
}
