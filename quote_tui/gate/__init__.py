"""The claims gate: quotations must stand in their sources, and the prose around them may not
state numbers, names or amounts the quotations do not hold, nor copy them at length."""
