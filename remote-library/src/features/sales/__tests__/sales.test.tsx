import { render, screen } from '@testing-library/react';
import { SalesScreen } from '../../../routes/sales';

describe('/sales', () => {
  it('is an empty placeholder with its heading and title', () => {
    render(<SalesScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByText('There are no sales to show yet.')).toBeInTheDocument();
    expect(document.title).toBe('Print on Demand | Sales');
  });
});
