import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useLocation, useNavigate } from 'react-router-dom';

/** The spec's success modal: the message, and OK returns to the previous page. */
export function SuccessDialog({ message }: { message: string | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened straight from a link, there is no previous page inside the app: go to the list.
  const back = () => (location.key === 'default' ? navigate('/stories') : navigate(-1));
  return (
    <Dialog open={message !== null} onClose={back} aria-labelledby="story-success" maxWidth="xs" fullWidth>
      <DialogContent sx={{ textAlign: 'center', pt: 3 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <DialogContentText id="story-success" sx={{ mt: 1, color: 'text.primary', fontSize: '1.1rem' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button variant="contained" onClick={back} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
