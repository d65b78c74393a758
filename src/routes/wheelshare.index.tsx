import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { WheelshareStation } from '../views/wheelshare/WheelshareStation';

export const Route = createFileRoute('/wheelshare/')({ component: WheelshareRoute });

function WheelshareRoute() {
  // Read once: the form's times start from when the page opened.
  const [now] = useState(() => Date.now());
  return <WheelshareStation now={now} />;
}
