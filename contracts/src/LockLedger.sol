// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title LockLedger
/// @author ETERNO
/// @notice The users' locked ETRO ("lock balance"), shared by the swap's 24 h vesting and the staking
///         rewards. Authorised writers credit entries (amount, start, duration); each entry releases
///         linearly from `start` over `duration` (duration 0: all of it at `start`). A user claims what
///         has been released, paid from the ledger's own ETRO balance.
/// @dev Funding: a writer first transfers the ETRO to this contract, then calls {credit}; the credit is
///      refused unless the ledger's balance covers everything it owes afterwards.
///      Invariants:
///        - per user: claimed <= released <= credited; per entry: released <= amount;
///        - totalClaimed <= totalCredited, both sums of the users' figures;
///        - ETRO.balanceOf(this) >= totalCredited - totalClaimed (the ledger never owes more than it holds).
///      Entries release in the order they were credited; the fully released ones at the front of a
///      user's list are folded into `settled` on claim, so a claim only walks the entries still open.
contract LockLedger is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The role allowed to credit locked entries (the swap and the staking contracts).
    bytes32 public constant WRITER_ROLE = keccak256("WRITER_ROLE");

    /// @notice The locked token (ETRO).
    IERC20 public immutable ETRO;

    /// @notice One credited amount and its linear release schedule.
    /// @param amount The ETRO credited.
    /// @param start When the release begins (unix seconds).
    /// @param duration How long the release takes, in seconds (0: all released at `start`).
    struct Entry {
        uint128 amount;
        uint64 start;
        uint64 duration;
    }

    /// @notice A user's aggregate figures.
    /// @param credited Sum of every entry's amount.
    /// @param claimed What the user has been paid.
    /// @param settled Sum of the amounts of the fully released entries before `cursor`.
    /// @param cursor Index of the first entry that may still be releasing.
    struct Account {
        uint128 credited;
        uint128 claimed;
        uint128 settled;
        uint64 cursor;
    }

    mapping(address user => Entry[] entries) private _entries;
    mapping(address user => Account account) private _accounts;

    /// @notice Sum of all credited entries, over every user.
    uint128 public totalCredited;
    /// @notice Sum of all claims paid, over every user.
    uint128 public totalClaimed;

    /// @notice A writer credited `amount` to `user`, releasing from `start` over `duration` seconds.
    /// @param user The beneficiary.
    /// @param writer The contract that credited the entry (the swap or a staking contract).
    /// @param index The entry's index in the user's list.
    /// @param amount The ETRO credited.
    /// @param start When the release begins.
    /// @param duration The release duration in seconds.
    event Credited(
        address indexed user, address indexed writer, uint256 indexed index, uint256 amount, uint64 start, uint64 duration
    );

    /// @notice `user` claimed `amount` released ETRO.
    /// @param user The claimer.
    /// @param amount The ETRO paid.
    event Claimed(address indexed user, uint256 amount);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A credit of zero was attempted.
    error ZeroAmount();
    /// @notice The ledger's balance does not cover what it would owe after the credit.
    /// @param required What the ledger would owe in total.
    /// @param balance The ETRO it holds.
    error Unfunded(uint256 required, uint256 balance);
    /// @notice `user` has nothing released to claim.
    /// @param user The claimer.
    error NothingToClaim(address user);
    /// @notice No entry `index` exists for `user`.
    /// @param user The user.
    /// @param index The requested index.
    /// @param count How many entries the user has.
    error EntryOutOfRange(address user, uint256 index, uint256 count);

    /// @notice Creates the ledger for `etro`, administered by `admin` (who grants WRITER_ROLE).
    /// @param etro The locked token.
    /// @param admin The holder of DEFAULT_ADMIN_ROLE.
    constructor(IERC20 etro, address admin) {
        if (address(etro) == address(0) || admin == address(0)) revert ZeroAddress();
        ETRO = etro;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    /// @notice Credits `amount` locked ETRO to `user`, released linearly from `start` over `duration`.
    /// @dev The caller must have transferred the ETRO to this contract beforehand.
    /// @param user The beneficiary.
    /// @param amount The ETRO credited.
    /// @param start When the release begins (may be in the past or the future).
    /// @param duration The release duration in seconds; 0 releases everything at `start`.
    /// @return index The entry's index in the user's list.
    function credit(address user, uint256 amount, uint64 start, uint64 duration)
        external
        onlyRole(WRITER_ROLE)
        returns (uint256 index)
    {
        if (user == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint128 amount128 = SafeCast.toUint128(amount);
        uint256 owed = uint256(totalCredited) + amount - totalClaimed;
        uint256 balance = ETRO.balanceOf(address(this));
        if (balance < owed) revert Unfunded(owed, balance);

        totalCredited += amount128;
        _accounts[user].credited += amount128;
        Entry[] storage list = _entries[user];
        index = list.length;
        list.push(Entry({amount: amount128, start: start, duration: duration}));
        emit Credited(user, msg.sender, index, amount, start, duration);
    }

    /// @notice Pays the caller every released and not yet claimed ETRO.
    /// @return amount The ETRO paid.
    function claim() external nonReentrant returns (uint256 amount) {
        Account storage account = _accounts[msg.sender];
        Entry[] storage list = _entries[msg.sender];
        uint256 settled = account.settled;
        uint256 cursor = account.cursor;
        uint256 count = list.length;
        while (cursor < count && _isFullyReleased(list[cursor])) {
            settled += list[cursor].amount;
            ++cursor;
        }
        account.settled = SafeCast.toUint128(settled);
        account.cursor = SafeCast.toUint64(cursor);

        amount = settled + _releasingSum(list, cursor) - account.claimed;
        if (amount == 0) revert NothingToClaim(msg.sender);
        uint128 amount128 = SafeCast.toUint128(amount);
        account.claimed += amount128;
        totalClaimed += amount128;
        ETRO.safeTransfer(msg.sender, amount);
        emit Claimed(msg.sender, amount);
    }

    /// @notice What `user` has been credited, in total.
    /// @param user The user.
    /// @return The sum of the user's entries.
    function credited(address user) external view returns (uint256) {
        return _accounts[user].credited;
    }

    /// @notice What `user` has claimed, in total.
    /// @param user The user.
    /// @return The ETRO paid to the user.
    function claimed(address user) external view returns (uint256) {
        return _accounts[user].claimed;
    }

    /// @notice What has been released to `user` so far (claimed or not).
    /// @param user The user.
    /// @return The released ETRO.
    function released(address user) public view returns (uint256) {
        Account storage account = _accounts[user];
        return account.settled + _releasingSum(_entries[user], account.cursor);
    }

    /// @notice What `user` can claim now.
    /// @param user The user.
    /// @return Released minus claimed.
    function claimable(address user) external view returns (uint256) {
        return released(user) - _accounts[user].claimed;
    }

    /// @notice What is still locked for `user` (credited, not yet released).
    /// @param user The user.
    /// @return Credited minus released.
    function locked(address user) external view returns (uint256) {
        return _accounts[user].credited - released(user);
    }

    /// @notice A user's figures in one call: credited, released, claimed (claimable = released − claimed,
    ///         locked = credited − released).
    /// @param user The user.
    /// @return creditedAmount Sum of the user's entries.
    /// @return releasedAmount Released so far.
    /// @return claimedAmount Paid so far.
    function summaryOf(address user)
        external
        view
        returns (uint256 creditedAmount, uint256 releasedAmount, uint256 claimedAmount)
    {
        Account storage account = _accounts[user];
        return (account.credited, released(user), account.claimed);
    }

    /// @notice How many entries `user` has.
    /// @param user The user.
    /// @return The length of the user's entry list.
    function entryCount(address user) external view returns (uint256) {
        return _entries[user].length;
    }

    /// @notice One of `user`'s entries.
    /// @param user The user.
    /// @param index The entry's index.
    /// @return The entry.
    function entryAt(address user, uint256 index) external view returns (Entry memory) {
        Entry[] storage list = _entries[user];
        if (index >= list.length) revert EntryOutOfRange(user, index, list.length);
        return list[index];
    }

    /// @notice All of `user`'s entries, oldest first (the "swap release" and reward records).
    /// @param user The user.
    /// @return The entries.
    function entriesOf(address user) external view returns (Entry[] memory) {
        return _entries[user];
    }

    /// @notice What `entry` has released at the current block time.
    /// @param entry The entry.
    /// @return The released part of its amount.
    function _releasedOf(Entry storage entry) private view returns (uint256) {
        uint256 start = entry.start;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < start) return 0;
        uint256 elapsed = block.timestamp - start;
        uint256 duration = entry.duration;
        if (elapsed >= duration) return entry.amount;
        return uint256(entry.amount) * elapsed / duration;
    }

    /// @notice Whether `entry` has released all of its amount.
    /// @param entry The entry.
    /// @return True once the release has ended.
    function _isFullyReleased(Entry storage entry) private view returns (bool) {
        // forge-lint: disable-next-line(block-timestamp)
        return block.timestamp >= uint256(entry.start) + entry.duration;
    }

    /// @notice The released sum of the entries from `from` to the end of `list`.
    /// @param list A user's entries.
    /// @param from The first index to count.
    /// @return sum The released total.
    function _releasingSum(Entry[] storage list, uint256 from) private view returns (uint256 sum) {
        uint256 count = list.length;
        for (uint256 i = from; i < count; ++i) {
            sum += _releasedOf(list[i]);
        }
    }
}
