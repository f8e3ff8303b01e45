// The vocabulary the sandbox Apollo's people are drawn from. Every list is fixed, so the generated
// database is the same on every machine and in every process. Lists are kept as compact text (one entry
// per line, fields separated by '|') so they stay readable.

const words = (lines: string[]) => lines.join(' ').split(' ');

/** `name|weight` lines into [name, weight] pairs. */
const weighted = (lines: string): (readonly [string, number])[] =>
  lines
    .trim()
    .split('\n')
    .map((line) => {
      const [name = '', weight = '1'] = line.trim().split('|');
      return [name, Number(weight)] as const;
    });

export const FIRST_NAMES = words([
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara',
  'Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy',
  'Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily',
  'Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah',
  'Timothy Stephanie Ronald Rebecca Jason Laura Edward Sharon Jeffrey Cynthia Ryan Kathleen',
  'Jacob Amy Gary Angela Nicholas Shirley Eric Brenda Jonathan Emma Stephen Anna',
  'Larry Pamela Justin Nicole Scott Samantha Brandon Katherine Benjamin Christine Samuel Helen',
  'Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia',
  'Dennis Heather Jerry Diane Priya Arjun Wei Mei Hiroshi Yuki Lukas Sofia',
  'Mateo Lucia Ahmed Fatima Omar Leila Pierre Camille Hans Greta Lars Ingrid',
  'Diego Valentina Rafael Beatriz Kwame Amara Noah Chloe Liam Zoe',
]);

export const LAST_NAMES = words([
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez',
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White',
  'Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott',
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell',
  'Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes',
  'Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey',
  'Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood',
  'James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers',
  'Long Ross Foster Jimenez Sharma Chen Wang Tanaka Sato Muller Schmidt Dubois',
  'Laurent Rossi Bianchi Silva Santos Larsen Jensen Okafor Mensah Novak Kowalski OBrien',
]);

/** Job titles with a relative weight: sales and marketing roles are the most common, as in outbound. */
export const TITLES = weighted(`
Sales Manager|30
Sales Director|18
VP of Sales|8
Head of Sales|8
Account Executive|30
Senior Account Executive|14
Sales Development Representative|24
Business Development Manager|20
Regional Sales Manager|12
Inside Sales Manager|8
Chief Revenue Officer|4
Sales Operations Manager|8
Key Account Manager|10
Marketing Manager|26
Marketing Director|14
VP of Marketing|6
Head of Marketing|8
Chief Marketing Officer|4
Content Marketing Manager|10
Digital Marketing Manager|12
Product Marketing Manager|10
Growth Marketing Manager|8
Demand Generation Manager|6
Brand Manager|6
Marketing Coordinator|10
Chief Executive Officer|8
Founder|8
Co-Founder|6
Chief Operating Officer|4
Chief Financial Officer|4
Chief Technology Officer|4
VP of Engineering|5
Engineering Manager|12
Software Engineer|30
Senior Software Engineer|20
Product Manager|18
Senior Product Manager|8
Head of Product|5
Data Scientist|10
Data Analyst|10
IT Manager|10
IT Director|6
HR Manager|12
Head of People|5
Recruiter|10
Talent Acquisition Manager|8
Operations Manager|16
Director of Operations|8
Finance Manager|10
Controller|6
Procurement Manager|8
Customer Success Manager|14
Head of Customer Success|5
Customer Support Manager|8
Office Manager|8
General Manager|10
Managing Director|8
Partner|6
Consultant|12
Project Manager|14
`);

/** Industries as Apollo names them (LinkedIn's list), with the weight of companies in each. */
export const INDUSTRIES = weighted(`
Computer Software|14
Information Technology & Services|14
Internet|8
Marketing & Advertising|8
Financial Services|7
Banking|3
Insurance|3
Hospital & Health Care|6
Medical Devices|3
Pharmaceuticals|3
Biotechnology|3
Retail|5
Consumer Goods|4
Food & Beverages|3
Real Estate|4
Construction|4
Education Management|4
E-Learning|2
Higher Education|3
Management Consulting|5
Staffing & Recruiting|4
Human Resources|2
Accounting|3
Legal Services|3
Telecommunications|3
Automotive|3
Logistics & Supply Chain|4
Transportation/Trucking/Railroad|2
Machinery|2
Mechanical or Industrial Engineering|3
Electrical & Electronic Manufacturing|2
Oil & Energy|2
Renewables & Environment|2
Hospitality|3
Leisure, Travel & Tourism|2
Media Production|2
Entertainment|2
Nonprofit Organization Management|2
Government Administration|1
Computer & Network Security|3
Semiconductors|1
Wholesale|2
Architecture & Planning|2
Design|2
Sports|1
`);

/** Words company names are built from. */
export const COMPANY_PREFIXES = words([
  'North Blue Bright Silver Summit Pioneer Cedar Harbor Atlas Nova Vertex Orion',
  'Lumen Evergreen Iron Crystal Falcon Maple Granite Apex Beacon Cobalt Delta Ember',
  'Fusion Golden Horizon Indigo Juniper Keystone Lighthouse Meridian Nimbus Oak Prism Quantum',
  'Redwood Sterling Tidal Unity Vista Willow Zenith Aurora Bridge Crest Drift Echo',
  'Frontier Glacier',
]);
export const COMPANY_SUFFIXES = words([
  'Labs Systems Solutions Group Partners Technologies Works Analytics Networks Holdings Dynamics Ventures',
  'Digital Industries Health Logistics Capital Studio Consulting Software Media Foods Energy Robotics',
  'Cloud Security Bio Learning Retail Motors',
]);

/** Places people live and companies have their headquarters: city, state or region, country, weight. */
export const PLACES = `
New York|New York|United States|12
San Francisco|California|United States|10
Los Angeles|California|United States|8
San Diego|California|United States|4
Seattle|Washington|United States|6
Austin|Texas|United States|6
Dallas|Texas|United States|5
Houston|Texas|United States|5
Chicago|Illinois|United States|7
Boston|Massachusetts|United States|6
Denver|Colorado|United States|4
Atlanta|Georgia|United States|5
Miami|Florida|United States|4
Portland|Oregon|United States|3
Phoenix|Arizona|United States|3
Philadelphia|Pennsylvania|United States|3
Minneapolis|Minnesota|United States|2
Nashville|Tennessee|United States|2
Raleigh|North Carolina|United States|2
Salt Lake City|Utah|United States|2
Toronto|Ontario|Canada|5
Vancouver|British Columbia|Canada|3
Montreal|Quebec|Canada|2
London|England|United Kingdom|9
Manchester|England|United Kingdom|3
Edinburgh|Scotland|United Kingdom|2
Dublin|Dublin|Ireland|3
Berlin|Berlin|Germany|4
Munich|Bavaria|Germany|3
Hamburg|Hamburg|Germany|2
Paris|Ile-de-France|France|5
Lyon|Auvergne-Rhone-Alpes|France|2
Amsterdam|North Holland|Netherlands|3
Madrid|Community of Madrid|Spain|3
Barcelona|Catalonia|Spain|3
Milan|Lombardy|Italy|2
Stockholm|Stockholm County|Sweden|2
Copenhagen|Capital Region|Denmark|1
Zurich|Zurich|Switzerland|2
Sydney|New South Wales|Australia|4
Melbourne|Victoria|Australia|3
Singapore|Singapore|Singapore|3
Bangalore|Karnataka|India|4
Mumbai|Maharashtra|India|3
Tokyo|Tokyo|Japan|3
Sao Paulo|Sao Paulo|Brazil|3
Mexico City|Mexico City|Mexico|2
Tel Aviv|Tel Aviv District|Israel|2
Dubai|Dubai|United Arab Emirates|2
Cape Town|Western Cape|South Africa|1
`
  .trim()
  .split('\n')
  .map((line) => {
    const [city = '', state = '', country = '', weight = '1'] = line.split('|');
    return { city, state, country, weight: Number(weight) };
  });

/** Company headcounts [min, max, weight]: many small companies, few very large ones. */
export const HEADCOUNT_BANDS: readonly (readonly [number, number, number])[] = [
  [1, 10, 18],
  [11, 20, 12],
  [21, 50, 16],
  [51, 100, 12],
  [101, 200, 11],
  [201, 500, 10],
  [501, 1000, 7],
  [1001, 2000, 5],
  [2001, 5000, 4],
  [5001, 10000, 3],
  [10001, 250000, 2],
];
