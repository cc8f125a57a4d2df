import { Button, Modal, Link } from '@pod/shared-contracts';

/** The spec's login failure: 'Login unsuccessful' with a way to register or to try again. */
export function LoginFailedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Login unsuccessful"
      onClose={onClose}
      footer={
        <>
          <Link to="/register">Register</Link>
          <Button autoFocus onClick={onClose}>
            Try again
          </Button>
        </>
      }
    >
      <p>The email or password you entered is incorrect or you haven&apos;t registered yet</p>
    </Modal>
  );
}
