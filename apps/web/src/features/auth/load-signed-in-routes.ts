/** The signed-in app's chunk. Sign-in and sign-up start loading it on submit, so the shell is ready sooner. */
export const loadSignedInRoutes = () => import('@/routes');
